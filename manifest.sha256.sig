# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 7PjsY0aPWE+z828DzsR+1h5y1+9ifSmpN0KkR5p1HakYVN9zZIzvkpS1fT0NuKgAF+HJ3EkeGCWjU/9o1XmDDQ==
key: 4338-afb4-eb82-715b
