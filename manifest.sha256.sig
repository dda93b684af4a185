# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: rVogJ3Z3PXuBt9BKwB9rEtv72ESxsz3/HmKTnQ2ECaPFIuolkKbgT616ybX2UwaoFV5k7+WUS8gfB+Do0tHICw==
key: d5e9-3725-6cff-20a3
