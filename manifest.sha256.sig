# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: W2RTbK9FwmHJMVsw+hN4cw8Qs8k+kW6e7gtMVLbTp/tyIHBlLjRnpxy2VOF1QSY9yCVJiBCCPjMIWyOzRF8qAw==
key: d5e9-3725-6cff-20a3
