# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: IjLin6Upb31USj8nqUlOwJgJwHodOLgmhTsRPDzkO3raHc4Utt9GpkjScklaTjIoE5ohdkLtvxnUlyTF0HUuDQ==
key: 4338-afb4-eb82-715b
