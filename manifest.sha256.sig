# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: fh6ugnjhYa1u6JwDL5wVkW9ZXQ/oTWPCfU7PHAPlIW0XumHx8mqkt9zUtwYa1eNgplwaRkbbBORaHCrBEANWCQ==
key: 4338-afb4-eb82-715b
