# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: ffcBXQiWanPgqAHWnll+9VwG0uyXRyMEP2r0AyJnO+EKlTb1h1Ss0c/dVsIfOYyCWr36QbL9WqFYr3RM573LDQ==
key: 8108-6bb7-5243-232f
