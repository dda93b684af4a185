# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 9+VrD6/Xlvc+Bn+eTIfL7++gdS5tGZY/2t9GHaQ4oxNasg8UWPsXLhJumRgg53vL4hWQCD42bwdnAf/GGew8AA==
key: 4338-afb4-eb82-715b
