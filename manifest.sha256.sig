# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: zpECFjWbL6rPUqUbijVxiNJOKKSe4+Kny+bGzqi2NUVtqPHPAeZoeAEpQe8DshpOPF1tpe/qg9P3c6rQ5Cq1DQ==
key: d5e9-3725-6cff-20a3
