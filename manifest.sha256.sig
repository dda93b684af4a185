# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: NNsVHYUYrznwV6niL6pYDGPZ3K+diQtkj/2Q4BHmR1P1tmqV1SY2bEUPdwMYr6LIHZORMLZL7VPjpDA5MtagBg==
key: 8108-6bb7-5243-232f
