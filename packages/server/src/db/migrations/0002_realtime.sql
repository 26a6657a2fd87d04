-- Payloads over NOTIFY's 8000-byte limit travel through this table (@socket.io/postgres-adapter).
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
