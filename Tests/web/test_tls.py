"""`kidneyhub serve` beyond loopback (issue 18, security): HTTPS with a certificate and key of the user's, only once a
passphrase is set, checked by a real client (requests, verifying the certificate) against a self-signed certificate
the test makes with the openssl command."""

import os
import re
import socket
import subprocess
import queue
import threading
from pathlib import Path

import pytest
import requests

BINARY = Path(__file__).resolve().parents[2] / ".build" / "debug" / "kidneyhub"
PASSPHRASE = "kidney beans 42"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def certificate(folder):
    """A self-signed certificate for localhost and 127.0.0.1, and its key (openssl CLI)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True)
    return cert, key


class Serving:
    """A running `kidneyhub serve` and the sign-in link it printed."""

    def __init__(self, store, folder, http, *arguments):
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--store", str(store), "--create-folder", "--hotplug", "off", "--http", http,
             *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ, XDG_DATA_HOME=str(folder)))
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True).start()
        output = []
        self.sign_in = None
        while self.sign_in is None:
            try:
                line = lines.get(timeout=120)
            except queue.Empty:
                self.stop()
                raise AssertionError("serve printed no sign-in link:\n" + "".join(output))
            output.append(line)
            found = re.search(r"(https?://\S+/signin/link\?token=\w+)", line)
            if found:
                self.sign_in = found.group(1)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def set_passphrase(store, folder):
    """The first run's passphrase, set on loopback over plain HTTP as a user would before serving further."""
    port = free_port()
    hub = Serving(store, folder, f"127.0.0.1:{port}")
    try:
        session = requests.Session()
        page = session.get(hub.sign_in, timeout=60)
        assert page.url.endswith("/setup/passphrase"), page.url
        token = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
        answer = session.post(f"http://127.0.0.1:{port}/setup/passphrase", timeout=60,
                              data={"csrf": token, "passphrase": PASSPHRASE, "confirmation": PASSPHRASE})
        assert answer.status_code == 200, answer.status_code
    finally:
        hub.stop()


@pytest.fixture
def binary():
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    return BINARY


def test_without_a_passphrase_the_hub_will_not_serve_beyond_loopback_even_with_tls(binary, tmp_path):
    cert, key = certificate(tmp_path)
    store = tmp_path / "hub.sqlite"
    result = subprocess.run(
        [str(binary), "serve", "--store", str(store), "--create-folder", "--hotplug", "off",
         "--http", f"0.0.0.0:{free_port()}", "--tls-cert", str(cert), "--tls-key", str(key)],
        capture_output=True, text=True, timeout=120, env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)))
    assert result.returncode != 0
    assert "refusing to serve beyond this machine before a passphrase is set" in result.stderr, result.stderr


def test_a_certificate_without_its_key_is_refused_with_the_option_named(binary, tmp_path):
    cert, _ = certificate(tmp_path)
    result = subprocess.run(
        [str(binary), "serve", "--store", str(tmp_path / "hub.sqlite"), "--http", "0.0.0.0:8470",
         "--tls-cert", str(cert)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "--tls-cert and --tls-key go together" in result.stderr
    assert not (tmp_path / "hub.sqlite").exists()


def test_https_beyond_loopback_with_a_checked_certificate_and_secure_cookies(binary, tmp_path):
    cert, key = certificate(tmp_path)
    store = tmp_path / "store" / "hub.sqlite"
    set_passphrase(store, tmp_path)
    port = free_port()
    hub = Serving(store, tmp_path, f"0.0.0.0:{port}", "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        assert hub.sign_in.startswith(f"https://0.0.0.0:{port}/")
        link = hub.sign_in.replace("0.0.0.0", "127.0.0.1")
        # The client checks the certificate against the one made here (its name is 127.0.0.1 in the SAN).
        session = requests.Session()
        answer = session.get(link, verify=str(cert), allow_redirects=False, timeout=60)
        assert answer.status_code == 303
        cookie = answer.headers["Set-Cookie"]
        assert "kidneyhub_session=" in cookie
        for attribute in ("Secure", "HttpOnly", "SameSite=Strict"):
            assert attribute.lower() in cookie.lower(), cookie
        today = session.get(f"https://127.0.0.1:{port}/today", verify=str(cert), timeout=60)
        assert today.status_code == 200 and "<h1" in today.text
        # Through `localhost`, the certificate's DNS name, the sign-in page is served (the cookie is 127.0.0.1's).
        assert requests.get(f"https://localhost:{port}/signin", verify=str(cert), timeout=60).status_code == 200
        # A client trusting only the system's authorities refuses the self-signed certificate: it is really checked.
        with pytest.raises(requests.exceptions.SSLError):
            requests.get(f"https://127.0.0.1:{port}/signin", timeout=60)
        # Plain HTTP on the TLS port gets no page.
        with pytest.raises(requests.exceptions.ConnectionError):
            requests.get(f"http://127.0.0.1:{port}/signin", timeout=60)
        # A name another site's DNS could point here is still refused (DNS rebinding).
        foreign = session.get(f"https://127.0.0.1:{port}/today", verify=str(cert), timeout=60,
                              headers={"Host": f"rebind.example:{port}"})
        assert foreign.status_code == 421
    finally:
        hub.stop()
    assert hub.process.returncode is not None


def test_a_certificate_file_that_is_not_pem_is_named_in_the_refusal(binary, tmp_path):
    _, key = certificate(tmp_path)
    store = tmp_path / "store" / "hub.sqlite"
    set_passphrase(store, tmp_path)
    bogus = tmp_path / "bogus.pem"
    bogus.write_text("not a certificate\n")
    result = subprocess.run(
        [str(binary), "serve", "--store", str(store), "--hotplug", "off", "--http", f"0.0.0.0:{free_port()}",
         "--tls-cert", str(bogus), "--tls-key", str(key)],
        capture_output=True, text=True, timeout=120, env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)))
    assert result.returncode != 0
    assert f"--tls-cert {bogus}: not a readable PEM file" in result.stderr, result.stderr
