import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { MemberRole } from './member-role.js';

/** A user a project is shared with: the row gives them their role on it (the owner has no row). */
@Entity({ name: 'project_members' })
export class ProjectMemberRow {
  @PrimaryColumn({ name: 'project_id', type: 'uuid' })
  projectId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'enum', enum: MemberRole, enumName: 'project_member_role' })
  role!: MemberRole;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;
}
