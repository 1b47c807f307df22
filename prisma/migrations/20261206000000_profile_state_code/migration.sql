-- GST by place of supply (ADR 0053): the investor's state or union territory is kept as its
-- GST state code (the first two digits of a GSTIN), chosen from a list at KYC, no longer typed.
ALTER TABLE "user_profiles" ADD COLUMN "state_code" TEXT;
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_state_code_known"
    CHECK ("state_code" IS NULL OR "state_code" IN ('35', '37', '12', '18', '10', '04', '22', '26', '07', '30', '24', '06', '02', '01', '20', '29', '32', '38', '31', '23', '27', '14', '17', '15', '13', '21', '34', '03', '08', '11', '33', '36', '16', '09', '05', '19'));

-- Existing free-text states are mapped where they name a state or territory (case and spaces
-- ignored, a few old spellings accepted); anything else stays NULL and the KYC wizard asks.
UPDATE "user_profiles" AS u
   SET "state_code" = m.code
  FROM (VALUES
    ('andaman and nicobar islands', '35'),
    ('andhra pradesh', '37'),
    ('arunachal pradesh', '12'),
    ('assam', '18'),
    ('bihar', '10'),
    ('chandigarh', '04'),
    ('chhattisgarh', '22'),
    ('dadra and nagar haveli and daman and diu', '26'),
    ('delhi', '07'),
    ('goa', '30'),
    ('gujarat', '24'),
    ('haryana', '06'),
    ('himachal pradesh', '02'),
    ('jammu and kashmir', '01'),
    ('jharkhand', '20'),
    ('karnataka', '29'),
    ('kerala', '32'),
    ('ladakh', '38'),
    ('lakshadweep', '31'),
    ('madhya pradesh', '23'),
    ('maharashtra', '27'),
    ('manipur', '14'),
    ('meghalaya', '17'),
    ('mizoram', '15'),
    ('nagaland', '13'),
    ('odisha', '21'),
    ('puducherry', '34'),
    ('punjab', '03'),
    ('rajasthan', '08'),
    ('sikkim', '11'),
    ('tamil nadu', '33'),
    ('telangana', '36'),
    ('tripura', '16'),
    ('uttar pradesh', '09'),
    ('uttarakhand', '05'),
    ('west bengal', '19'),
    ('orissa', '21'),
    ('new delhi', '07'),
    ('nct of delhi', '07'),
    ('national capital territory of delhi', '07'),
    ('pondicherry', '34'),
    ('j&k', '01'),
    ('andaman & nicobar islands', '35'),
    ('jammu & kashmir', '01'),
    ('uttaranchal', '05')
  ) AS m(name, code)
 WHERE u."state" IS NOT NULL
   AND lower(regexp_replace(btrim(u."state"), '\s+', ' ', 'g')) = m.name;
