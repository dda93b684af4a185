# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: jwnAbaa+UjP7SMVsU6IX9byLltHQ3ynYt7mbmS4LyOGn9eak3rSr4mjYoduwN0gFiJcPZdetOebLZhWfdHMJBg==
key: d5e9-3725-6cff-20a3
