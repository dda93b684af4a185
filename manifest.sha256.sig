# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: XoGbcwodHR/cvcv1DMswuqAoKIfuPlsLvdK+FHrzQuBgXmcJxGoRfInZYbVRWMdgNXvkWoHiTan8NSVmSXRCAg==
key: d5e9-3725-6cff-20a3
