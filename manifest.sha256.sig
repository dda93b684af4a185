# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: mLJvY42msqhDF3aIzkXRhsMPwlaCD4bTnrmTJgpDO6IiSQ0PDf4BoQ9pOfO3gyTTCzF3ggn/8UQ6WYb/XgYdAA==
key: d5e9-3725-6cff-20a3
