# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 8XhRYUsotkRd2kN7pRe/gFQ1lDDJnTsvV6hAAnBXekTIysc5vowSlBNXJcKxPrmG5Qz+n/WZ0L4Twmx7ZoxCDg==
key: 4338-afb4-eb82-715b
