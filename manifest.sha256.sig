# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: GbYZtk1JPu40EKmy6R0Bdb4qre7qq08+J92tFqldrfKiV808qPjhfujatss9C7jKzRLtM7pyFONeWWTfa7JaBg==
key: d5e9-3725-6cff-20a3
