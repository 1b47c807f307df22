-- ADR 0040: the KYC wizard's draft keeps the bank account number masked to its last 4 digits
-- (as the submission does). Drafts saved before that change held the full number: mask them.
UPDATE kyc_drafts
   SET data = jsonb_set(
         data,
         '{bank,accountNumber}',
         to_jsonb(repeat('X', length(data #>> '{bank,accountNumber}') - 4) || right(data #>> '{bank,accountNumber}', 4))
       )
 WHERE data #>> '{bank,accountNumber}' ~ '[0-9]{5,}';
