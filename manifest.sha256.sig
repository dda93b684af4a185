# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: ohUsdz47mjH3EdwLUEXyXAnJyJe8W/6gHSmj9Uyiue7mNls08LfmP1sge/SG6dvxafW9vF0I9DFTCBei+LytAQ==
key: 8108-6bb7-5243-232f
