# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: dMrwNXOLpfcI9dUsE/0Y3HnHZnknAI95a/kNEBiANlaUpSS8zS4XXDtj1FF9PQtZk6ED1SINwCooB6ES7ydoBw==
key: 4338-afb4-eb82-715b
