-- One text cell of a CSV record, written by the database for the export that runs to a million
-- rows (the audit log, server/http/csv-export.ts): the same text as csvRecord's for a string, which
-- tests/server/csv-export.test.ts checks on arbitrary strings. Nothing for null or ''; a ' before a
-- text a spreadsheet would run as a formula (=, +, -, @, tab, CR, or their full-width forms, as
-- OWASP recommends); quoted with " doubled when it holds ", comma, CR or LF (RFC 4180).
--
-- One expression, so the planner inlines it into the export's query (a function called per cell
-- was 2.8 times as slow); most cells need nothing, and one regular expression says so.
create or replace function csv_cell(cell text) returns text
language sql immutable parallel safe
return case
  when cell !~ E'^[-=+@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]|[",\\r\\n]' then cell
  when cell is null then ''
  when cell ~ E'[",\\r\\n]' then
    '"' || replace(
      case when cell ~ E'^[-=+@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]' then '''' || cell else cell end,
      '"', '""') || '"'
  else '''' || cell
end;
