/* A stand-in for bcryptprimitives.dll, for packaging/test-windows.sh only: never shipped.
 *
 * Rust's standard library asks Windows 10 and later for random bytes through
 * bcryptprimitives.dll's ProcessPrng. Debian's wine 8 has no such DLL, so bianpai.exe would not
 * start under it. The test builds this file into a bcryptprimitives.dll placed beside the exe in
 * its temporary folder; it answers from RtlGenRandom (advapi32's SystemFunction036), which
 * wine has. Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c
 */
#include <windows.h>

/* RtlGenRandom, exported by advapi32 under this name. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
