# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: Teio/d8N1S67slT45ySmNd+vDeEQ+Q4T79UJyN3pIIKhFc1OfYpKjQZ8JG4kUEmmfoNi3tcnqA86XAROShX8CQ==
key: d5e9-3725-6cff-20a3
