#!/usr/bin/env bash
# Installs what the test suite needs beyond Python: Debian's Chromium and its driver for the browser
# tests, a PostgreSQL server for the shared-archive tests, poppler-utils (pdftotext, pdftoppm) for
# the printables' PDF tests and the printed key sheet as images, zbar to read its QR codes, and nginx
# (the proxy of a hosted day's tests) with openssl (a test certificate). Does nothing when they are
# present.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)  # the printables' PDFs, the key sheet as images
command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)  # reads the key sheet's QR codes
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)  # a hosted day's proxy
command -v openssl >/dev/null 2>&1 || need+=(openssl)  # a test certificate for the proxy's TLS

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "test-deps: please install: ${need[*]} (needs root)" >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "test-deps: installing ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
