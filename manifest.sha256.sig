# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: iEjj6HGZqjSyAooojf6nZgEpyBtTLmyC3XKAaF0UHvq9oOvbrVAS+0viSyfl5kyXW4Bcb7eRPiu7uq/uNqvYDA==
key: 4338-afb4-eb82-715b
