# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: pBAIP7H8v82cOTZJAoEIBD9vi/axGEwoOT2Ygmz5JTqdHJqFQSBNmN5WGH+jbGh2RcHdEOQLe+d4b+iuFiPpCQ==
key: 8108-6bb7-5243-232f
