# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: dGVoKf6QEbScaLqyaDfmXFn1UBWffMQHakoeIfoy3GsmV0SV98U+/k/jZKbux08KpM5AVJ0qrB9u7LSR1KJ2BA==
key: 8108-6bb7-5243-232f
