# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: rJKvICP9IHWIXAJ6oa0aITXjPRyQFiyYNhxE9pjWNpkWiF53wVIPMmcfMWw4ZkSEjO1f+zHa0K4Jf1R0Yy4uCg==
key: 8108-6bb7-5243-232f
