// The C surface Switchyard uses from libxml2: its SAX2 parser, for Appium
// page sources. Nothing else lives here: the one Swift file that calls it is
// Sources/ScreenModel/Import/XMLEventParser.swift.
//
// libxml2's encoding.h includes ICU's headers when libxml2 was built with ICU
// (Debian's is), and they clash with the ICU headers Foundation brings
// (`_FoundationICU`): "'U_MF_…' is not present in definition of 'enum
// UErrorCode'". Switchyard never touches an encoding handler's fields (the
// only layout the flag changes), so the ICU part is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
