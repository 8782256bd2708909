#!/usr/bin/env sh
# A signed /v1 call with curl and openssl (docs/signing.md):
#   clients/shell/signed-request.sh METHOD PATH_WITH_QUERY [JSON_BODY]
# Reads SERVICE_URL (default http://localhost:8080), API_KEY and API_SECRET (`source .demo-data/demo.env` sets them).
set -eu
METHOD=$(printf '%s' "$1" | tr '[:lower:]' '[:upper:]')
PATH_WITH_QUERY=$2
BODY=${3-}
: "${API_KEY:?set API_KEY}" "${API_SECRET:?set API_SECRET}"
SERVICE_URL=${SERVICE_URL:-http://localhost:8080}
TIMESTAMP=$(($(date +%s) * 1000))
SIGNATURE=$(printf '%s' "${TIMESTAMP}${METHOD}${PATH_WITH_QUERY}${BODY}" | openssl dgst -sha256 -hmac "$API_SECRET" -hex | sed 's/^.*= //')
if [ -n "$BODY" ]; then
  exec curl --silent --show-error --fail-with-body -X "$METHOD" "${SERVICE_URL}${PATH_WITH_QUERY}" \
    -H "X-Service-API-Key: $API_KEY" -H "X-Service-Timestamp: $TIMESTAMP" -H "X-Service-Signature: $SIGNATURE" \
    -H 'content-type: application/json' --data-raw "$BODY"
fi
exec curl --silent --show-error --fail-with-body -X "$METHOD" "${SERVICE_URL}${PATH_WITH_QUERY}" \
  -H "X-Service-API-Key: $API_KEY" -H "X-Service-Timestamp: $TIMESTAMP" -H "X-Service-Signature: $SIGNATURE"
