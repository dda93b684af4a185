# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 6djMVxKSpbmUOkEJ8t0Ty/VSxGR32lMdgxqfACWSkPnAH2D2I4U7Ri3lNfEEEswlbkD5ybcLS1kFRZOJaIm4BQ==
key: 8108-6bb7-5243-232f
