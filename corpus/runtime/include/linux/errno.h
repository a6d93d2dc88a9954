/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/errno.h - userspace stand-in for the kernel header, written for regmap-lint.
 * Error numbers with the kernel's (asm-generic) values, including the kernel-only
 * ones (EPROBE_DEFER, ENOTSUPP, ...).
 * The values equal the host's asm-generic ones, so a libc redefinition is harmless.
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

/* Values shared with userspace */
#define EPERM			1
#define ENOENT			2
#define ESRCH			3
#define EINTR			4
#define EIO			5
#define ENXIO			6
#define E2BIG			7
#define ENOEXEC			8
#define EBADF			9
#define ECHILD			10
#define EAGAIN			11
#define ENOMEM			12
#define EACCES			13
#define EFAULT			14
#define ENOTBLK			15
#define EBUSY			16
#define EEXIST			17
#define EXDEV			18
#define ENODEV			19
#define ENOTDIR			20
#define EISDIR			21
#define EINVAL			22
#define ENFILE			23
#define EMFILE			24
#define ENOTTY			25
#define ETXTBSY			26
#define EFBIG			27
#define ENOSPC			28
#define ESPIPE			29
#define EROFS			30
#define EMLINK			31
#define EPIPE			32
#define EDOM			33
#define ERANGE			34
#define EDEADLK			35
#define ENAMETOOLONG		36
#define ENOLCK			37
#define ENOSYS			38
#define ENOTEMPTY		39
#define ELOOP			40
#define EWOULDBLOCK		EAGAIN
#define ENOMSG			42
#define EIDRM			43
#define ENOSTR			60
#define ENODATA			61
#define ETIME			62
#define ENOSR			63
#define ENOLINK			67
#define ECOMM			70
#define EPROTO			71
#define EBADMSG			74
#define EOVERFLOW		75
#define EBADFD			77
#define EILSEQ			84
#define EUSERS			87
#define EMSGSIZE		90
#define ENOPROTOOPT		92
#define EPROTONOSUPPORT		93
#define EOPNOTSUPP		95
#define EAFNOSUPPORT		97
#define EADDRINUSE		98
#define EADDRNOTAVAIL		99
#define ENETDOWN		100
#define ENETUNREACH		101
#define ECONNABORTED		103
#define ECONNRESET		104
#define ENOBUFS			105
#define EISCONN			106
#define ENOTCONN		107
#define ESHUTDOWN		108
#define ETIMEDOUT		110
#define ECONNREFUSED		111
#define EHOSTDOWN		112
#define EHOSTUNREACH		113
#define EALREADY		114
#define EINPROGRESS		115
#define ESTALE			116
#define EUCLEAN			117
#define EREMOTEIO		121
#define EDQUOT			122
#define ENOMEDIUM		123
#define EMEDIUMTYPE		124
#define ECANCELED		125
#define ENOKEY			126
#define EOWNERDEAD		130
#define ENOTRECOVERABLE		131
#define ERFKILL			132
#define EHWPOISON		133

/* Kernel-internal values, never seen by userspace */
#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ENOIOCTLCMD		515
#define ERESTART_RESTARTBLOCK	516
#define EPROBE_DEFER		517
#define EOPENSTALE		518
#define ENOPARAM		519
#define EBADHANDLE		521
#define ENOTSYNC		522
#define EBADCOOKIE		523
#define ENOTSUPP		524
#define ETOOSMALL		525
#define ESERVERFAULT		526
#define EBADTYPE		527
#define EJUKEBOX		528
#define EIOCBQUEUED		529
#define ERECALLCONFLICT		530
#define ENOGRACE		531

#endif /* _LINUX_ERRNO_H */
