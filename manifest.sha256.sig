# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 1LplUWfXLgL06gUa+1Zni3AwlJdnZ01Kyk30Yy3nI7lrxQ7j/G8TAsvzstY2wYjvRTMwqjPI4gyZLZ4nFFUuAw==
key: 8108-6bb7-5243-232f
