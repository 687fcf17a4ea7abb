-- One device's recent audit entries (GET /sbm/v1/devices/audit?device_id=…, newest first) read
-- this index backwards instead of scanning the whole log for the device.
create index device_audits_device on device_audits (device_id, audit_id);
