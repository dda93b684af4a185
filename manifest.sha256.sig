# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 3voFrn5RZk5xP7PGkl2aO9OUJCIJaWKOZkuFnwc2me3I3yPJowcEHkSZbvUQFhGdKHnSkLS/MZW5upEUDnkrCA==
key: d5e9-3725-6cff-20a3
