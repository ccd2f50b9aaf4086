import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A failed sign-in (counted per email and per client address to throttle guessing) or a registration per address. */
@Entity({ name: 'login_failures' })
@Index('IDX_login_failures_key_created_at', ['key', 'createdAt'])
export class LoginFailure {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  /** 'email:<address>', 'ip:<address>' (sign-in attempts) or 'register:<address>' (accounts created). */
  @Column({ type: 'text' })
  key!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
