# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: ne58ItbQ4+B/WDwx6icJVUPSGkiOZNQWHtdV6WJxg6/HFdSBSAatMb+t5NFajqZjHDoo84TW4Ko88rmx5b+7BQ==
key: 8108-6bb7-5243-232f
