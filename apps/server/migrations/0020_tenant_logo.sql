-- The account logo (issue 13) in the file storage (platform/storage): its key there and the type
-- told by its bytes when it was uploaded (what it is served as). logo_url (0001) is the address
-- the web app shows, GET /api/sys-admin/schemas/{slug}/logo?v=…, changed with every upload.
ALTER TABLE tenants
  ADD COLUMN logo_key text,
  ADD COLUMN logo_type text CHECK (logo_type IN ('image/png', 'image/jpeg', 'image/webp'));
