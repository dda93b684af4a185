# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: LOmRkYCl4dU6RnvaZ5ZJjHE1geSD5nltuFPVOnscQ26SBeyYaZXCUEfrlDAEIp+Qz849AZ232gE7/jElW+ZgCQ==
key: d5e9-3725-6cff-20a3
