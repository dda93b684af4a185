# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 7EZdRjwrfgTAFAO3Uy8+OcxXZYS3VLEFYB5zgUc5QkERfQ8+yhEumgX+TrLPa+28GPeaD3p8elOemGAS9mvaDg==
key: 8108-6bb7-5243-232f
