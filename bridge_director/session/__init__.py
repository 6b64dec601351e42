"""What the front ends share: ruling a case, and a case built step by step.

- ``api``: the one call every front end, test and tool rules through (case -> facts ->
  engine -> ruling) and the check of a case's ``expect:``;
- ``draft``: a case draft a front end adds to and rules again (``Draft``), the one-line
  event and judgement forms;
- ``intake``: where ``director rule`` reads a case from (file, standard input, PBN);
- ``pbn_case``: a PBN file as a case draft and a draft as PBN;
- ``club``: the club code's table (``director table``): its facts, ruling and words.

May import: every room below (``base`` .. ``ruling``).
"""
