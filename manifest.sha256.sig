# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: U9ZyMZmDSKgn3FpIxfGGq8He5VcQ6W3VwVJk14hO8sv4M06inoJBq4ZbciKrtQTMS1gRyfihMw1wF5TrIfVWDw==
key: 4338-afb4-eb82-715b
