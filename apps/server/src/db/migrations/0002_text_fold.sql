-- Accent- and case-insensitive search without the unaccent extension (PGlite does not ship it):
-- an IMMUTABLE fold usable in generated columns and indexes. translate() maps the accented letters
-- of French (and their neighbours) one to one, in both cases because lower() only folds ASCII
-- under the C collation; the ligatures need replace().
CREATE OR REPLACE FUNCTION vigie_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT replace(replace(replace(replace(lower(translate(t,
      'àáâãäåÀÁÂÃÄÅçÇèéêëÈÉÊËìíîïÌÍÎÏñÑòóôõöøÒÓÔÕÖØùúûüÙÚÛÜýÿÝŸ',
      'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyyy')),
      'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae')
  $$;
