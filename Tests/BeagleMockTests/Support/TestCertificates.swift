/// A certificate authority and a certificate it signed for `IP:127.0.0.1` (valid until 2126), for
/// tests of `https` upstreams and `--upstream-ca`. Test data only: the key guards nothing.
enum TestCertificates {
    /// The CA's certificate, as `--upstream-ca` reads it.
    static let authority = """
        -----BEGIN CERTIFICATE-----
        MIIBkjCCATmgAwIBAgIUERqclrRQGd7irMVaEblODhEeW2YwCgYIKoZIzj0EAwIw
        HjEcMBoGA1UEAwwTYmVhZ2xlLW1vY2sgdGVzdCBDQTAgFw0yNjExMjMxNzAzNDNa
        GA8yMTI2MTAzMDE3MDM0M1owHjEcMBoGA1UEAwwTYmVhZ2xlLW1vY2sgdGVzdCBD
        QTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABLidpzk/yAqj4ZPBFpE4wmsY3jj8
        38tuGOycpYFHtnZovRlvCiXJlNtuHaMTKbytlwSMBcORxNMMD6KAfmL/27mjUzBR
        MB0GA1UdDgQWBBRHtF6Q/Y6EtwJ/nPDa8ifEwQCH3TAfBgNVHSMEGDAWgBRHtF6Q
        /Y6EtwJ/nPDa8ifEwQCH3TAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0cA
        MEQCIBOFwvPF+zEhnnx5jr1C5YhJUBQpOWEQTp+1nRaKQyxEAiAvNl4ij2cDU3ue
        buXHeOA1OV0HbO2VmL7/WN/s7G6e0A==
        -----END CERTIFICATE-----
        """

    /// The server's certificate, for `IP:127.0.0.1`, signed by ``authority``.
    static let server = """
        -----BEGIN CERTIFICATE-----
        MIIBlDCCATqgAwIBAgIUKmLwh7V3oWe2QjsAUDzu5F/N/MUwCgYIKoZIzj0EAwIw
        HjEcMBoGA1UEAwwTYmVhZ2xlLW1vY2sgdGVzdCBDQTAgFw0yNjExMjMxNzAzNDNa
        GA8yMTI2MTAzMDE3MDM0M1owFDESMBAGA1UEAwwJMTI3LjAuMC4xMFkwEwYHKoZI
        zj0CAQYIKoZIzj0DAQcDQgAEbbfCC2qco2C38x9CPRrGX0SB1IwdjW8FgQSHBbIY
        ILe8hPK4GuE3IEqN+RLi58usgwhFLM0S7gmJwx2SOFxpaKNeMFwwDwYDVR0RBAgw
        BocEfwAAATAJBgNVHRMEAjAAMB0GA1UdDgQWBBS+zvOJ4GV2l3qf6CCBreaOs6o7
        bTAfBgNVHSMEGDAWgBRHtF6Q/Y6EtwJ/nPDa8ifEwQCH3TAKBggqhkjOPQQDAgNI
        ADBFAiEAupf8cCTvYrbVlscmHhcLvpInAGXLOeUNdiKUBrinwagCIEzdVjTicOJ2
        OdfqfIjOYjxxRM2h24OESCTwMy2io3ui
        -----END CERTIFICATE-----
        """

    /// The server certificate's private key.
    static let serverKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgKRCFKyEpg1rmEIVh
        Yvn/IDq1DdE2bJJ1QrE3i8FsjO2hRANCAARtt8ILapyjYLfzH0I9GsZfRIHUjB2N
        bwWBBIcFshggt7yE8rga4TcgSo35EuLny6yDCEUszRLuCYnDHZI4XGlo
        -----END PRIVATE KEY-----
        """
}

extension TestCertificates {
    /// A self-signed certificate for `localhost` with an RSA key of 1,024 bits, which no current
    /// platform accepts (valid until 2126).
    static let rsa1024 = """
        -----BEGIN CERTIFICATE-----
        MIICBjCCAW+gAwIBAgIUdEIXq+7TwKiiTT4gX6/djMaze7QwDQYJKoZIhvcNAQEL
        BQAwFDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyODEzMTY0NFoYDzIxMjYx
        MTA0MTMxNjQ0WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwgZ8wDQYJKoZIhvcNAQEB
        BQADgY0AMIGJAoGBAMZ0FgK/aZME5Hzob5VR0uKPlw2siIVs5PGYPUrDSVzGtqqz
        sXsfQNXK7RR4SUtAxAmPdGd2Y9AsNrKVQzHlx+Mv3JBdqEPfxaWaRPblX87Lbqg/
        Ity5DzZfG3rLv1BKYawgfIENoTYWGa4YcORD0cTIgwd8I+VnL5gtuHq6S0CRAgMB
        AAGjUzBRMB0GA1UdDgQWBBRvaR0zampvho93IwWfYkkQNgN14jAfBgNVHSMEGDAW
        gBRvaR0zampvho93IwWfYkkQNgN14jAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3
        DQEBCwUAA4GBAK2gHcp+Ydg7XkLhwXjr1Z2uAWc+9z4JLStlHq/NguUfhxPwCrUT
        cjXeOvIhl4ofSG+APdB52fpBe5yksun5/a4uSeC3HbHHF+T1AP7bk0883tglysfC
        LIi0DNKLWgva/Zt7sVtaVDbA17mcPHMcEDmU5fi/c3IWWg5Rh/ktpI9B
        -----END CERTIFICATE-----
        """

    /// The key of ``rsa1024``.
    static let rsa1024Key = """
        -----BEGIN PRIVATE KEY-----
        MIICeAIBADANBgkqhkiG9w0BAQEFAASCAmIwggJeAgEAAoGBAMZ0FgK/aZME5Hzo
        b5VR0uKPlw2siIVs5PGYPUrDSVzGtqqzsXsfQNXK7RR4SUtAxAmPdGd2Y9AsNrKV
        QzHlx+Mv3JBdqEPfxaWaRPblX87Lbqg/Ity5DzZfG3rLv1BKYawgfIENoTYWGa4Y
        cORD0cTIgwd8I+VnL5gtuHq6S0CRAgMBAAECgYEAlCW8+Lgj/Bi+6XArPHEk2PUQ
        cqjGEbTFBIX9234FmjjNzIjwiVU/dVpTueBB9ueWcPyijUoYISOggZhj3TAIEwRw
        kt3mqnXsOcQLXPVaP78oKJ4XeA1/hDI+isvbsvL3jVQiu/KGOyV1uV9iUxPOzRtf
        4PG25drSdg7tI+szPwECQQDuObwVnBq/yfcY3wCYrQ/QdPTSqIOjDr1nsVzCRlqO
        eNYZtjB7HecwF075E48Qk2Nay3NpNdi+SL2D40U2zh4JAkEA1UKtsZdzYgviKQuJ
        lU9c1Iwxr2m3z93C0hooXTO6cfMBtbtTaYpqccyLbSofxkp+mB3yi6hKZUDEQrZ9
        PYswSQJBANdar/HlHbVVMaB1MAfVIx+yKwQovF9yWrzbdFxX11NGX138+lTCEpXB
        7G10RfeZFc8lbp6kw9w4y8HneVFzAWkCQQC7zCwI58XD4ZMXcgGGaozk31AhmIc1
        laOqQT6qVJMrJUOsNXoOxsVV0To2t5GjnJY+fqDIOzrIT3CFDw7a02eBAkA6N0HT
        KvPtBca0f2RKCPDdqJLt6kQifaOlRveD793zoSdbeFbDHGGG6ehMcLScuQl81n8r
        MYV7Bn6YJr9FsEsL
        -----END PRIVATE KEY-----
        """
}
