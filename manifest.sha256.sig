# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 5nHRENwIpdR73QSjzrJNKpRjb1kEC9K+0s0g9PpVRE2O/0ARD6GLUBjUDMYYdj6kN25vLldR98ZQvi2AYd1qCg==
key: d5e9-3725-6cff-20a3
