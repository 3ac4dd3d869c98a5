/* Prints nl_version() for cmake/check-version.cmake; exits 1 if it disagrees with the header's
 * NL_VERSION_MAJOR/MINOR/PATCH macros this program was compiled with. */
#include <stdio.h>
#include <string.h>

#include "navlayout.h"

#define NL_STR2(x) #x
#define NL_STR(x) NL_STR2(x)

int main(void) {
    const char *expected = NL_STR(NL_VERSION_MAJOR) "." NL_STR(NL_VERSION_MINOR) "." NL_STR(NL_VERSION_PATCH);
    const char *actual = nl_version();
    printf("%s\n", actual ? actual : "(null)");
    if (actual == NULL || strcmp(actual, expected) != 0) {
        fprintf(stderr, "nl_version() = %s, header macros = %s\n", actual ? actual : "(null)", expected);
        return 1;
    }
    return 0;
}
