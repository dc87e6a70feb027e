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
