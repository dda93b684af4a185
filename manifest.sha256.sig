# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 8pHnPAjzhzgnWlf6DYY/vYdAPl7YMeKg03bZ3M5sz+pDYuqsPaiF9EffzuoifO4SM1slCp2BK/ZXudZBx6WrBQ==
key: 4338-afb4-eb82-715b
