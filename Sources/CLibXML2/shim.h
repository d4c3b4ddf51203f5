// libxml2 from the system (Debian: libxml2-dev): its SAX2 push parser streams Apple Health's export.xml.
// Debian builds libxml2 with ICU, whose headers clash with the ICU copy inside Swift's Foundation; the
// importer uses none of libxml2's ICU conversion, so its ICU declarations are left out (the structures
// the importer touches do not depend on them: it holds encoding handlers only through pointers).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
