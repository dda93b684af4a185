# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: ywFmqGZPuMvET5wbB0WoEExMP38KiyunzA3dWhw6y3pUCQiHT1Ceo6s15cZSviBl2XOpFRVkmTEUToFlQlnzCQ==
key: 8108-6bb7-5243-232f
