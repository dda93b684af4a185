# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: WoDMtHT+QgzOIcomLd+Em/qfdRf6ei3V2p4Qd2fcMIuFOCL1huq2ORDYAUPk8OHH1juxY1hMy/mKmqTLkK+dBQ==
key: 8108-6bb7-5243-232f
