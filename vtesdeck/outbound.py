"""Requests this site makes to URLs it was given: only to public addresses, unless the operator names a host.

A URL, or a redirect's Location, may name a host that resolves to this machine or its network: the local
Redis (127.0.0.1:6379), a cloud's metadata service (169.254.169.254), a database on 10.0.0.5. ``guard`` mounts,
on a ``requests`` session, adapters whose every new connection resolves its host once, refuses the lot when any
address is loopback, link-local, private, reserved, multicast, unspecified or otherwise not public (IPv4 and
IPv6, and the IPv4 inside an IPv4-mapped, 6to4, Teredo or NAT64 IPv6 address), and then connects to one of
*those* addresses: nothing resolves the name a second time, so a DNS answer that changes in between (rebinding)
cannot slip a private address past the check. TLS still checks the certificate against the host's name. As it
is every connection, it is every hop of a redirect too.

``allowed_hosts`` are host names (as the URL spells them, case aside) the operator trusts wherever they
resolve: an image server on the local network, or a stand-in on loopback for tests. Never an address range.
No proxy is ever used (``HTTPS_PROXY`` and the like are ignored): a proxy would resolve names itself, out of
reach of this check. The environment's CA bundle (``REQUESTS_CA_BUNDLE``) still counts.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

from requests import Session
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NameResolutionError, NewConnectionError
from urllib3.util import connection as urllib3_connection

__all__ = ["AddressRefused", "GuardedAdapter", "guard", "public_addresses", "refusal"]

NAT64 = ipaddress.ip_network("64:ff9b::/96")


class AddressRefused(Exception):
    """A host that resolves to an address this site does not connect to; ``str()`` names the host, the address
    and why. Not a ``requests`` error: it passes through ``requests`` and ``urllib3`` as it is."""


def refusal(address: str) -> str:
    """Why this site would not connect to ``address`` ("loopback", "private"…), or "" for a public address."""
    ip = ipaddress.ip_address(address.split("%")[0])  # fe80::1%eth0: the zone says nothing of the address
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is None and ip in NAT64:
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is not None:
            inner = refusal(str(embedded))
            if inner or ip.ipv4_mapped:  # ::ffff:a.b.c.d is a.b.c.d: a socket to it goes there over IPv4
                return f"{inner} (inside {ip})" if inner else ""
    for reason in ("unspecified", "loopback", "link_local", "multicast", "private", "reserved"):
        if getattr(ip, f"is_{reason}"):
            return reason.replace("_", "-")
    return "" if ip.is_global else "non-public"


def public_addresses(host: str, port: int, allowed_hosts: Iterable[str] = ()) -> list[str]:
    """The addresses to connect to for ``host``: all it resolves to, each public, or ``AddressRefused``. A host
    in ``allowed_hosts`` (by name) may resolve anywhere."""
    name = host.strip("[]").rstrip(".").lower()
    try:
        found = socket.getaddrinfo(name, port, type=socket.SOCK_STREAM)
    except UnicodeError:
        raise AddressRefused(f"{host}: not a host name") from None
    addresses = list(dict.fromkeys(str(entry[4][0]) for entry in found))
    if name in {allowed.rstrip(".").lower() for allowed in allowed_hosts}:
        return addresses
    for address in addresses:
        reason = refusal(address)
        if reason:
            named = f"{address} ({reason}) is" if address == name else f"{host} resolves to {address} ({reason}),"
            raise AddressRefused(f"{named} not a public address")
    return addresses


class _Checked:
    """A urllib3 connection that connects only to the addresses ``public_addresses`` let through."""

    allowed_hosts: frozenset[str] = frozenset()

    def _new_conn(self) -> socket.socket:
        try:
            addresses = public_addresses(self._dns_host, self.port, self.allowed_hosts)  # type: ignore[attr-defined]
        except socket.gaierror as exc:
            raise NameResolutionError(self.host, self, exc) from exc  # type: ignore[attr-defined, arg-type]
        last: OSError | None = None
        for address in addresses:  # as socket.create_connection does, one address after another
            try:
                return urllib3_connection.create_connection(
                    (address, self.port),
                    self.timeout,  # type: ignore[attr-defined]
                    source_address=self.source_address,
                    socket_options=self.socket_options,  # type: ignore[attr-defined]
                )
            except TimeoutError as exc:
                raise ConnectTimeoutError(self, f"Connection to {self.host} timed out") from exc  # type: ignore[attr-defined]
            except OSError as exc:
                last = exc
        raise NewConnectionError(self, f"Failed to establish a new connection: {last}")  # type: ignore[arg-type]


class GuardedAdapter(HTTPAdapter):
    """``requests``' adapter, its connections made by ``_Checked``."""

    __attrs__ = [*HTTPAdapter.__attrs__, "allowed_hosts"]  # what pickling keeps (the pools are made again)

    def __init__(self, allowed_hosts: Iterable[str] = (), **kwargs) -> None:
        self.allowed_hosts = frozenset(host.rstrip(".").lower() for host in allowed_hosts)
        super().__init__(**kwargs)

    def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
        # Straight to the host, whatever proxies the session or the environment name (see the module).
        return super().send(request, stream=stream, timeout=timeout, verify=verify, cert=cert, proxies=None)

    def init_poolmanager(self, *args, **kwargs) -> None:
        super().init_poolmanager(*args, **kwargs)
        extra = {"allowed_hosts": self.allowed_hosts}
        http = type("CheckedHTTPConnection", (_Checked, HTTPConnection), extra)
        https = type("CheckedHTTPSConnection", (_Checked, HTTPSConnection), extra)
        self.poolmanager.pool_classes_by_scheme = {
            "http": type("CheckedHTTPPool", (HTTPConnectionPool,), {"ConnectionCls": http}),
            "https": type("CheckedHTTPSPool", (HTTPSConnectionPool,), {"ConnectionCls": https}),
        }


def guard(session: Session, allowed_hosts: Iterable[str] = ()) -> Session:
    """``session`` with every connection checked (see the module), for http and https; the same session."""
    hosts = frozenset(host.rstrip(".").lower() for host in allowed_hosts)
    current = session.adapters.get("https://")
    if not (isinstance(current, GuardedAdapter) and current.allowed_hosts == hosts):
        session.mount("https://", GuardedAdapter(hosts))
        session.mount("http://", GuardedAdapter(hosts))
    return session
