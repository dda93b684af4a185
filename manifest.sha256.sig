# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: z9R9j3CodvtG6sKT87Q1HEVAvQtuD3fMf/HpEkeaSLI0lDPvMMzZ1tydhKsAZVkY/Crfpf0IYxX2ZLm4vvkFAg==
key: d5e9-3725-6cff-20a3
