# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: oIlBYGL+rusirxjRxnMaiGDLBJ6kTvHmpZXF/2IeLXWjjQvEQM9b+jItB+GdGQZT8eYw3Yb3+T4219RAd36YDw==
key: d5e9-3725-6cff-20a3
