# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: G9RbBVPksZ2XXSt5cKXRNAzY96pBLB6GmGf9mkqopp9618A3PIPrRnWDg738pxxl6mvCqDJH7V/9b6lSlQyRDg==
key: 8108-6bb7-5243-232f
